import { useRoutes } from 'react-router';
import { routes } from './router';

/** The app's pages, inside whichever router the side provides (BrowserRouter, or StaticRouter on the server). */
export function AppRoutes() {
  return useRoutes(routes);
}
