/**
 * Lambda handler of the catalog context: public catalogue reads (route table fn 'catalog').
 * Each operation parses its input with the shared schemas, calls one use-case and maps the result.
 */
import { categoryQuerySchema, emptyQuerySchema, idSchema, productListQuerySchema } from '../../shared/schemas';
import { createContextHandler, type ApiRequest } from '../lib/context-handler';
import { json } from '../lib/http';
import { parseInput } from '../lib/validate';
import { listPremiumShowcase, listVisibleProducts, getProductDetail } from './products';
import { getCategoryDetail, listAllCategories } from './categories';
import { listAllDiscountTiers, listSubscriptionPlans, listVisibleBundles } from './offers';
import { listPublicComments } from './comments';

const pathId = (req: ApiRequest) => parseInput(idSchema, req.pathParameters.id, 'id') as string;
const noQuery = (req: ApiRequest) => parseInput(emptyQuerySchema, req.query);

export const handler = createContextHandler('catalog', {
  'GET /api/products': async (req) => {
    const query = parseInput(productListQuerySchema, req.query);
    return json(200, { items: await listVisibleProducts(req.caller, { q: query.q, categoryId: query.category_id }) });
  },
  'GET /api/products/{id}': async (req) => {
    const id = pathId(req);
    noQuery(req);
    return json(200, await getProductDetail(req.caller, id));
  },
  'GET /api/products/{id}/comments': async (req) => {
    const id = pathId(req);
    noQuery(req);
    return json(200, { items: await listPublicComments(req.caller, id) });
  },
  'GET /api/premium-products': async (req) => {
    noQuery(req);
    return json(200, { items: await listPremiumShowcase(req.caller) });
  },
  'GET /api/categories': async (req) => {
    noQuery(req);
    return json(200, { items: await listAllCategories() });
  },
  'GET /api/categories/{id}': async (req) => {
    const id = pathId(req);
    const query = parseInput(categoryQuerySchema, req.query);
    return json(200, await getCategoryDetail(req.caller, id, query.q));
  },
  'GET /api/bundles': async (req) => {
    noQuery(req);
    return json(200, { items: await listVisibleBundles(req.caller) });
  },
  'GET /api/subscription-plans': async (req) => {
    noQuery(req);
    return json(200, { items: await listSubscriptionPlans() });
  },
  'GET /api/discount-tiers': async (req) => {
    noQuery(req);
    return json(200, { items: await listAllDiscountTiers() });
  },
});
