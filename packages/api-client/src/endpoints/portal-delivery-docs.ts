/** The delivery choices' endpoints described for the OpenAPI document. */
import type { EndpointDocs } from '../endpoint.ts';
import type { delivery } from './portal-delivery.ts';

export const deliveryDocs: EndpointDocs<{ delivery: typeof delivery }>['delivery'] = {
  options: {
    tag: 'Orders',
    summary: 'Where an order may go: the shops and the wholesalers of transfer orders',
    description: [
      "The pharmacy's shops (main first), the shop the cart proposes (`default_shop_id`: the user's last",
      'choice while it is still a shop of the pharmacy, else the main one) and the wholesalers the pharmacy',
      'may send transfer orders through, with its customer number at each. The checkout takes `shop_id`',
      'and `wholesaler_id` from these.',
      '',
      'Example: `GET /api/v1/clients/7/delivery-options` →',
      '`{"data":{"shops":[{"id":3,"name":"Farmacia Sol","address":"Calle Mayor 1","postal_code":"28013",',
      '"city":"Madrid","province":"Madrid","is_main":true}],"default_shop_id":3,',
      '"wholesalers":[{"id":1,"code":"COFARES","name":"Cofares","customer_number":"458812"}]}}`',
    ].join('\n'),
  },
};
