/** The banner across the back office while the portal is in maintenance, so that nobody forgets to turn it off. */

import { useQueryClientMade } from '@botica/app-shell';
import { Link } from '@botica/ui';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { userAtom } from '../auth/session.ts';
import { configurationQuery } from './queries.ts';
import { CONFIGURATION_PATH } from './routes.ts';
import './configuration.css';

/**
 * Shown to the admins while the switch is on; nothing otherwise (a sales rep cannot read it). It sits
 * in the staff's chrome, above error pages too, so it reads the server with the query client once one
 * is made rather than expecting a screen's.
 */
export function MaintenanceBanner() {
  const user = useAtomValue(userAtom);
  const client = useQueryClientMade();
  if (user?.role !== 'admin' || client === undefined) return null;
  return <MaintenanceNotice client={client} />;
}

function MaintenanceNotice({ client }: { client: QueryClient }) {
  const { data } = useQuery({ ...configurationQuery(), refetchInterval: 60_000 }, client);
  if (data?.data.maintenance !== true) return null;
  return (
    <div className="bo-maintenance-banner" role="status">
      <span>El portal está en mantenimiento: las farmacias no pueden entrar ni hacer pedidos.</span>
      <Link href={CONFIGURATION_PATH}>Desactivarlo en Configuración</Link>
    </div>
  );
}
