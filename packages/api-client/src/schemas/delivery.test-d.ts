/** The delivery's shop is the account's shop without its phone, field for field. */
import { describe, expectTypeOf, it } from 'vitest';
import type { Shop } from './account.ts';
import type { DeliveryShop } from './delivery.ts';

describe('DeliveryShop', () => {
  it('is the account’s shop without the phone', () => {
    expectTypeOf<DeliveryShop>().toEqualTypeOf<{
      id: number;
      name: string;
      address: string;
      postal_code: string;
      city: string;
      province: string;
      is_main: boolean;
    }>();
    expectTypeOf<DeliveryShop>().toEqualTypeOf<Omit<Shop, 'phone'>>();
  });
});
