/** Where the pharmacy's order goes: the shops and wholesalers the cart offers. */
import { defineEndpoint } from '../endpoint.ts';
import { DeliveryOptionsResponseSchema } from '../schemas/delivery.ts';
import { idParams } from './path-params.ts';

/** The cart's 'Entregar en' and 'Enviar como transfer a través de' choices. */
export const delivery = {
  options: defineEndpoint({
    method: 'GET',
    path: '/api/v1/clients/{clientId}/delivery-options',
    access: 'own-client',
    params: idParams('clientId'),
    response: DeliveryOptionsResponseSchema,
  }),
};
