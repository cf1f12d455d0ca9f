/**
 * The back office's orders (`/api/v1/admin/orders…`): every pharmacy's orders (a sales rep's own
 * pharmacies'), listed, read, exported to a spreadsheet and moved along by an admin.
 */
import { defineEndpoint } from '../endpoint.ts';
import {
  AdminOrderDetailResponseSchema,
  AdminOrdersExportQuerySchema,
  AdminOrdersQuerySchema,
  AdminOrdersResponseSchema,
  ChangeOrderStatusRequestSchema,
} from '../schemas/admin-orders.ts';
import { idParams } from './path-params.ts';

const IdParams = idParams('id');

/**
 * The orders of every pharmacy, as the laboratory's staff see and handle them (named `adminOrders`:
 * an operation's id is `group.name`, and the portal has its own `orders`).
 */
export const adminOrders = {
  list: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/orders',
    access: 'staff',
    query: AdminOrdersQuerySchema,
    response: AdminOrdersResponseSchema,
  }),
  export: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/orders/export.csv',
    access: 'staff',
    query: AdminOrdersExportQuerySchema,
    response: { file: 'text/csv' },
  }),
  get: defineEndpoint({
    method: 'GET',
    path: '/api/v1/admin/orders/{id}',
    access: 'staff',
    params: IdParams,
    response: AdminOrderDetailResponseSchema,
  }),
  changeStatus: defineEndpoint({
    method: 'POST',
    path: '/api/v1/admin/orders/{id}/status',
    access: 'admin',
    params: IdParams,
    body: ChangeOrderStatusRequestSchema,
    response: AdminOrderDetailResponseSchema,
  }),
};
