import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { App } from './app.tsx';
import { applyBranding, getConfig } from './config.ts';
import { I18nProvider, loadInitialMessages } from './i18n/i18n.tsx';
import { createQueryClient } from './lib/query.ts';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

applyBranding(getConfig().branding);

// the page's language is fetched first (i18n/load.ts), so the first render is already in it
void loadInitialMessages().then(() =>
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <BrowserRouter>
          <I18nProvider>
            <App />
          </I18nProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </StrictMode>,
  ),
);
