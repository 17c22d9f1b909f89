// GET /api/stocks: the label stock catalogue the gallery offers for a new template.
import type Router from '@koa/router';
import { LABEL_STOCKS } from '@shared/stocks/labelStocks';

export function registerStocksRoute(router: Router): void {
  router.get('/api/stocks', (ctx) => {
    ctx.body = { stocks: LABEL_STOCKS };
  });
}
