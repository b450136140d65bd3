// @vitest-environment jsdom
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { CLIENT_ROUTES } from '@shared/routes';
import { routes } from './router';

/** Every path of the route tree, joined with its parents' ('' for the index route, the catch-all left out). */
function pathsOf(tree: RouteObject[], parent = ''): string[] {
  return tree.flatMap((route) => {
    const path = route.index ? parent : [parent, route.path].filter(Boolean).join('/');
    const own = route.index || (route.path !== undefined && route.path !== '*') ? [path] : [];
    return [...own, ...pathsOf(route.children ?? [], path)];
  });
}

describe('the router and the route table (src/shared/routes.ts)', () => {
  it('has a route for every path of the table, and no path the table lacks', () => {
    // the magic-link handler is shown by the root before any route (root.tsx)
    const { magicLink: _shownByRoot, ...table } = CLIENT_ROUTES;
    expect([...pathsOf(routes)].sort()).toEqual(Object.values(table).sort());
  });
});
