/**
 * Lambda handler of the catalog context: public catalogue reads (route table fn 'catalog').
 * Each operation parses its input with the shared schemas, calls one use-case and maps the result.
 */
import {
  categoryQuerySchema,
  emptyQuerySchema,
  idSchema,
  pageQuerySchema,
  productListQuerySchema,
} from '../../shared/schemas';
import { CATALOG_API } from '../../shared/api/catalog';
import { createContextHandler, type ApiRequest } from '../lib/context-handler';
import { json } from '../lib/http';
import { parseInput } from '../lib/validate';
import { listPremiumShowcase, listVisibleProducts, getProductDetail } from './products';
import { getCategoryDetail, listAllCategories } from './categories';
import { listAllDiscountTiers, listPublicShippingMethods, listSubscriptionPlans, listVisibleBundles } from './offers';
import { listPublicComments } from './comments';

const pathId = (req: ApiRequest) => parseInput(idSchema, req.pathParameters.id, 'id') as string;
const noQuery = (req: ApiRequest) => parseInput(emptyQuerySchema, req.query);

export const handler = createContextHandler('catalog', CATALOG_API, {
  products: async (req) => {
    const query = parseInput(productListQuerySchema, req.query);
    return json(
      200,
      await listVisibleProducts(
        req.caller,
        { q: query.q, categoryId: query.category_id },
        { limit: query.limit, cursor: query.cursor },
      ),
    );
  },
  product: async (req) => {
    const id = pathId(req);
    noQuery(req);
    return json(200, await getProductDetail(req.caller, id));
  },
  productComments: async (req) => {
    const id = pathId(req);
    const page = parseInput(pageQuerySchema, req.query);
    return json(200, await listPublicComments(req.caller, id, page));
  },
  premiumProducts: async (req) => {
    const page = parseInput(pageQuerySchema, req.query);
    return json(200, await listPremiumShowcase(req.caller, page));
  },
  categories: async (req) => {
    noQuery(req);
    return json(200, { items: await listAllCategories() });
  },
  category: async (req) => {
    const id = pathId(req);
    const query = parseInput(categoryQuerySchema, req.query);
    return json(200, await getCategoryDetail(req.caller, id, query));
  },
  bundles: async (req) => {
    noQuery(req);
    return json(200, { items: await listVisibleBundles(req.caller) });
  },
  subscriptionPlans: async (req) => {
    noQuery(req);
    return json(200, { items: await listSubscriptionPlans() });
  },
  discountTiers: async (req) => {
    noQuery(req);
    return json(200, { items: await listAllDiscountTiers() });
  },
  shippingMethods: async (req) => {
    noQuery(req);
    return json(200, { items: await listPublicShippingMethods() });
  },
});
