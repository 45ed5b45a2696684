import { afterEach, describe, expect, it, vi } from 'vitest';
import { API_MSG } from '../../../shared/messages/api-messages';
import { ApiError, apiGet, apiSend, setTokenGetter } from './client';

function stubFetch(response: Response | Error) {
  const fn = vi.fn(async (_url: string, _init?: RequestInit) => {
    if (response instanceof Error) throw response;
    return response;
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

afterEach(() => {
  vi.unstubAllGlobals();
  setTokenGetter(async () => null);
});

describe('apiGet', () => {
  it('returns the parsed body of a 2xx answer', async () => {
    const fetchMock = stubFetch(json(200, { items: [1, 2] }));
    await expect(apiGet('/api/products')).resolves.toEqual({ items: [1, 2] });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/products');
    expect(fetchMock.mock.calls[0]?.[1]?.method).toBe('GET');
  });

  it('throws ApiError with the server message, status and field', async () => {
    stubFetch(json(400, { message: "Il campo 'id' non è un identificativo valido.", field: 'id' }));
    const err = await apiGet('/api/products/x').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 400, message: "Il campo 'id' non è un identificativo valido.", field: 'id' });
  });

  it('keeps the 403 tier message', async () => {
    stubFetch(json(403, { message: 'Accesso Negato: Questo è un prodotto esclusivo. Abbonati per vederlo!' }));
    await expect(apiGet('/api/products/p')).rejects.toMatchObject({
      status: 403,
      message: 'Accesso Negato: Questo è un prodotto esclusivo. Abbonati per vederlo!',
    });
  });

  it("shows API Gateway's throttle answer (429 'Too Many Requests') in Italian", async () => {
    stubFetch(json(429, { message: 'Too Many Requests' }));
    await expect(apiGet('/api/products')).rejects.toMatchObject({
      status: 429,
      message: 'Troppe richieste in questo momento. Riprova tra poco.',
      title: 'Riprova tra poco',
    });
  });

  it('falls back to the generic message when the error body is not JSON', async () => {
    stubFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(apiGet('/api/products')).rejects.toMatchObject({ status: 502, message: API_MSG.internal });
  });

  it('maps a network failure to status 0', async () => {
    stubFetch(new TypeError('fetch failed'));
    await expect(apiGet('/api/products')).rejects.toMatchObject({ status: 0, message: API_MSG.internal });
  });

  it('sends the bearer token when one is available', async () => {
    const fetchMock = stubFetch(json(200, {}));
    setTokenGetter(async () => 'tok-123');
    await apiGet('/api/products');
    expect((fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer tok-123');
  });

  it('sends no Authorization header when the getter fails or returns null', async () => {
    const fetchMock = stubFetch(json(200, {}));
    setTokenGetter(async () => {
      throw new Error('no session');
    });
    await apiGet('/api/products');
    expect((fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>).Authorization).toBeUndefined();
  });
});

describe('apiSend', () => {
  it('sends a JSON body and accepts an empty answer', async () => {
    const fetchMock = stubFetch(new Response(null, { status: 204 }));
    await expect(apiSend('POST', '/api/cart', { product_id: 'p', quantity: 1 })).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"product_id":"p","quantity":1}');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });
});
