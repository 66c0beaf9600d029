// Boot: register the service worker (so the installed app opens offline whatever screen shows),
// read the runtime config (kept for offline starts), make the tab's services (sign-in, session,
// API, sync worker) and mount the app; without any config, the one error screen.
import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { createAppServices } from './app/appServices';
import { ConfigUnavailable } from './platform/config/ConfigUnavailable';
import { loadRuntimeConfig } from './platform/config/runtimeConfig';
import { watchInstallPrompt } from './platform/pwa/installPrompt';
import { appUpdates } from './platform/pwa/serviceWorker';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
appUpdates();
watchInstallPrompt();

loadRuntimeConfig().then(
  (config) => {
    const services = createAppServices(config);
    root.render(
      <StrictMode>
        <App services={services} />
      </StrictMode>,
    );
  },
  (error: unknown) => {
    console.error('app start failed', error);
    root.render(<ConfigUnavailable />);
  },
);
