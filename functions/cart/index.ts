/**
 * Lambda handler of the cart context: cart and wishlist of the signed-in user (route table fn
 * 'cart', level 'user'). The caller's membership comes from the profile the access check loaded.
 */
import { addToCartSchema, cartLineIdSchema, cartQuantitySchema, idSchema } from '../../shared/schemas';
import { CART_API } from '../../shared/api/cart';
import { createContextHandler, type ApiRequest } from '../lib/context-handler';
import { json } from '../lib/http';
import { parseInput, parseJsonBody } from '../lib/validate';
import { membershipOfProfile } from '../lib/membership';
import { cartDiscountCodeSchema } from '../../shared/schemas/checkout';
import { addItem, applyDiscountCode, clear, getCart, removeDiscountCode, removeItem, setQuantity } from './cart';
import { addToWishlist, getWishlist, removeFromWishlist } from './wishlist';

const body = (req: ApiRequest) => parseJsonBody(req.event.body, req.event.isBase64Encoded);
const sub = (req: ApiRequest) => req.caller!.sub;
const membership = (req: ApiRequest) => membershipOfProfile(req.profile);
const lineId = (req: ApiRequest) => parseInput(cartLineIdSchema, req.pathParameters.id, 'id') as string;
const productId = (req: ApiRequest) => parseInput(idSchema, req.pathParameters.productId, 'productId') as string;

export const handler = createContextHandler('cart', CART_API, {
  cart: async (req) => json(200, await getCart(sub(req), membership(req))),
  addItem: async (req) => json(200, await addItem(sub(req), membership(req), parseInput(addToCartSchema, body(req)))),
  setQuantity: async (req) => {
    const id = lineId(req);
    const { quantity } = parseInput(cartQuantitySchema, body(req));
    return json(200, await setQuantity(sub(req), membership(req), id, quantity));
  },
  removeItem: async (req) => json(200, await removeItem(sub(req), membership(req), lineId(req))),
  clear: async (req) => json(200, await clear(sub(req), membership(req))),
  applyDiscountCode: async (req) =>
    json(
      200,
      await applyDiscountCode(
        sub(req),
        membership(req),
        parseInput(cartDiscountCodeSchema, body(req), '', { code: 'Codice sconto' }).code,
      ),
    ),
  removeDiscountCode: async (req) => json(200, await removeDiscountCode(sub(req), membership(req))),
  wishlist: async (req) => json(200, { items: await getWishlist(sub(req), membership(req)) }),
  addToWishlist: async (req) => {
    await addToWishlist(sub(req), membership(req), productId(req));
    return json(200, { product_id: productId(req), in_wishlist: true });
  },
  removeFromWishlist: async (req) => {
    await removeFromWishlist(sub(req), productId(req));
    return json(200, { product_id: productId(req), in_wishlist: false });
  },
});
