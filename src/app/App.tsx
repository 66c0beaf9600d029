// The app's providers: Mantine (theme, dates, notifications), the tab's services and session, and
// the router, whose root layout guards every page (src/routes).
import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import { RouterProvider } from '@tanstack/react-router';
import 'dayjs/locale/zh-cn';
import { type AppServices, AppServicesContext } from '../platform/AppServicesContext';
import { UpdatePrompt } from '../platform/pwa/UpdatePrompt';
import { SessionProvider } from '../platform/session/SessionProvider';
import { cssVariablesResolver, theme } from '../platform/theme';
import { router } from '../routes/router';

export function App({ services }: { services: AppServices }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
    >
      <DatesProvider settings={{ locale: 'zh-cn', firstDayOfWeek: 1 }}>
        <Notifications position="top-center" />
        {/* Outside the router: public and sign-in pages are offered the update too. */}
        <UpdatePrompt beforeReload={() => services.sync.settled()} />
        <AppServicesContext.Provider value={services}>
          <SessionProvider controller={services.session}>
            <RouterProvider router={router} />
          </SessionProvider>
        </AppServicesContext.Provider>
      </DatesProvider>
    </MantineProvider>
  );
}
