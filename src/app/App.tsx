import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { RouterProvider } from '@tanstack/react-router';
import 'dayjs/locale/zh-cn';
import { router } from '../routes/router';
import { theme } from './theme';

export function App() {
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <DatesProvider settings={{ locale: 'zh-cn', firstDayOfWeek: 1 }}>
        <Notifications position="top-center" />
        <RouterProvider router={router} />
      </DatesProvider>
    </MantineProvider>
  );
}
