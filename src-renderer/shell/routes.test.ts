import { describe, expect, it } from 'vitest';
import { parseRoute, routeHref, type Route } from './routes';

describe('hash routes', () => {
  it.each([
    ['', { page: 'gallery' }],
    ['#', { page: 'gallery' }],
    ['#/', { page: 'gallery' }],
    ['#/settings', { page: 'settings' }],
    ['#/settings/', { page: 'settings' }],
    ['#/zpl', { page: 'zpl' }],
    ['#/zpl/jobs/9b1e-42', { page: 'zpl', jobId: '9b1e-42' }],
    ['#/templates/tpl_1', { page: 'editor', templateId: 'tpl_1' }],
    ['#/templates/a%20b', { page: 'editor', templateId: 'a b' }],
    ['#/templates/', { page: 'notFound', hash: '#/templates/' }],
    ['#/nope', { page: 'notFound', hash: '#/nope' }],
    ['#/templates/%E0%A4%A', { page: 'notFound', hash: '#/templates/%E0%A4%A' }],
  ] as [string, Route][])('%s', (hash, route) => {
    expect(parseRoute(hash)).toEqual(route);
  });

  it('makes hrefs that parse back to the same route', () => {
    for (const route of [
      { page: 'gallery' },
      { page: 'settings' },
      { page: 'zpl' },
      { page: 'zpl', jobId: 'a job/with odd characters' },
      { page: 'editor', templateId: 'x/y z' },
    ] as Route[]) {
      expect(parseRoute(routeHref(route))).toEqual(route);
    }
  });
});
