/**
 * The client's types, derived from the endpoint definitions: each call takes the path's ids in order,
 * then its body or query, and resolves to the answer's parsed type.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { AdminClient } from './admin.ts';
import type { ApiClient, IdempotentCallOptions } from './client.ts';
import type { IntegrationClient } from './integration.ts';
import type { RegistrationsQuery, RegistrationsResponse } from './schemas/admin.ts';
import type {
  Cart,
  OrderDetail,
  OrdersResponse,
  SubUserUpdateRequest,
  User,
  WebinarsResponse,
} from './schemas/index.ts';
import type { BatchResponse, ProductsUpsertRequest } from './schemas/integration-catalogue.ts';

declare const api: ApiClient;
declare const admin: AdminClient;
declare const erp: IntegrationClient;

describe('the client derived from the endpoint definitions', () => {
  it('types the answers', () => {
    expectTypeOf(api.auth.login).returns.resolves.toEqualTypeOf<User>();
    expectTypeOf(api.cart.get).returns.resolves.toEqualTypeOf<Cart | null>();
    expectTypeOf(api.cart.save).returns.resolves.toEqualTypeOf<Cart>();
    expectTypeOf(api.orders.list).returns.resolves.toEqualTypeOf<OrdersResponse>();
    expectTypeOf(api.orders.get).returns.resolves.toEqualTypeOf<OrderDetail>();
    expectTypeOf(api.training.webinars).returns.resolves.toEqualTypeOf<WebinarsResponse>();
    expectTypeOf(api.auth.logout).returns.resolves.toEqualTypeOf<undefined>();
    expectTypeOf(api.account.deleteUser).returns.resolves.toEqualTypeOf<undefined>();
  });

  it('takes the path ids in order, then the body or the query', () => {
    expectTypeOf(api.account.updateUser).parameters.toEqualTypeOf<
      [string | number, string | number, (SubUserUpdateRequest | undefined)?]
    >();
    expectTypeOf(api.orders.list).parameter(0).toEqualTypeOf<string | number>();
    expectTypeOf(api.cart.save).parameter(0).toHaveProperty('products');
  });

  it('refuses a wrong request', () => {
    // @ts-expect-error the login needs its credentials
    void api.auth.login();
    // @ts-expect-error a username is a string
    void api.auth.login({ username: 1, password: 'x' });
    // @ts-expect-error a cart's lines are `products`
    void api.cart.save({ lines: [] });
    // @ts-expect-error an order needs the pharmacy's id and the order's
    void api.orders.get(7);
    // @ts-expect-error the orders' status is one of the known ones
    void api.orders.list(7, { status: 'lost' });
    // @ts-expect-error the survey's answer needs its body
    void api.survey.answer(3);
  });
});

describe('the back office’s client, on its own entry', () => {
  it('types its endpoints as the portal’s', () => {
    expectTypeOf(admin.registrations.list).parameters.toEqualTypeOf<[query?: RegistrationsQuery]>();
    expectTypeOf(admin.registrations.list).returns.resolves.toEqualTypeOf<RegistrationsResponse>();
    // @ts-expect-error the status is pending or all
    void admin.registrations.list({ status: 'approved' });
  });
});

describe('the integration client’s idempotent calls', () => {
  it('take the Idempotency-Key as a trailing option, the other calls keep their shape', () => {
    expectTypeOf(erp.products.upsert).parameters.toEqualTypeOf<
      [payload: ProductsUpsertRequest, options?: IdempotentCallOptions]
    >();
    expectTypeOf(erp.stock.update).returns.resolves.toEqualTypeOf<BatchResponse>();
    expectTypeOf(erp.connection.me).parameters.toEqualTypeOf<[]>();
    // @ts-expect-error the key is a string
    void erp.products.upsert({ items: [] }, { idempotencyKey: 7 });
    // @ts-expect-error a call that is not idempotent takes no options
    void erp.connection.me({ idempotencyKey: 'x' });
  });
});
