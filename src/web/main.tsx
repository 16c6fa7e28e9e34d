import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createQueryClient } from './api/query-client';
import { App } from './App';
import { createRouter } from './routes';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <App queryClient={createQueryClient()} router={createRouter()} />
  </StrictMode>,
);
