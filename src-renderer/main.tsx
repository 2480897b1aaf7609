// Renderer entry: drops the one-time token from the address bar, then mounts the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import './styles/theme.css';
import './styles/components.css';
import './styles/forms.css';
import './styles/targets.css';
import './styles/settings.css';
import './styles/results.css';
import './styles/traces.css';
import './styles/optimizer.css';
import './styles/compare.css';
import './styles/history.css';
import './styles/judge-probes.css';

const url = new URL(window.location.href);
if (url.searchParams.has('token')) {
  // The server traded the token for a same-site cookie when it served this page.
  url.searchParams.delete('token');
  window.history.replaceState(null, '', url.toString());
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
