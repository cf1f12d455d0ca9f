/**
 * What a sold-out product's page adds: the day it is expected back, the user's 'Avísame cuando vuelva'
 * (one e-mail when it is back; cancellable) and the products offered instead.
 */
import type { Product } from '@botica/api-client/schemas';
import { formatLongDate } from '@botica/domain';
import { Button } from '@botica/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { stockAlertMutation, stockAlertQuery } from './shortage-queries.ts';
import { SubstitutesList } from './substitutes-list.tsx';
import './shortage.css';

export interface ShortagePanelProps {
  product: Pick<Product, 'id' | 'stock'>;
}

export function ShortagePanel({ product }: ShortagePanelProps) {
  const isSoldOut = product.stock === 'out_of_stock';
  const queryClient = useQueryClient();
  const { data } = useQuery({ ...stockAlertQuery(product.id), enabled: isSoldOut });
  const change = useMutation(stockAlertMutation(queryClient, product.id));
  const [announcement, setAnnouncement] = useState('');
  if (!isSoldOut) return null;
  const alert = data?.data;
  const isSubscribed = Boolean(alert?.subscribed_at);
  const toggle = () => {
    change.mutate(!isSubscribed, {
      onSuccess: (answer) =>
        setAnnouncement(
          answer.data.subscribed_at ? 'Aviso activado: te escribiremos cuando vuelva.' : 'Aviso cancelado.',
        ),
      onError: () => setAnnouncement('No se ha podido guardar el aviso. Inténtalo de nuevo.'),
    });
  };
  return (
    <div className="shortage">
      {alert?.expected_on ? (
        <p className="shortage__expected">
          Volverá a estar disponible hacia el {formatLongDate(alert.expected_on)}.
        </p>
      ) : null}
      {alert ? (
        <div className="shortage__alert">
          {isSubscribed ? (
            <p className="shortage__subscribed">Te avisaremos por correo electrónico cuando vuelva.</p>
          ) : null}
          <Button variant={isSubscribed ? 'ghost' : 'primary'} isPending={change.isPending} onPress={toggle}>
            {isSubscribed ? 'Cancelar el aviso' : 'Avísame cuando vuelva'}
          </Button>
        </div>
      ) : null}
      <p className="bt-visually-hidden" role="status">
        {announcement}
      </p>
      <SubstitutesList productId={product.id} headingLevel={2} />
    </div>
  );
}
