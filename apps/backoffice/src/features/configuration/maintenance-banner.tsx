/** The banner across the back office while the portal is in maintenance, so that nobody forgets to turn it off. */
import { Link } from '@botica/ui';
import { useQuery } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { userAtom } from '../auth/session.ts';
import { configurationQuery } from './queries.ts';
import { CONFIGURATION_PATH } from './routes.ts';
import './configuration.css';

/** Shown to the admins while the switch is on; nothing otherwise (a sales rep cannot read it). */
export function MaintenanceBanner() {
  const user = useAtomValue(userAtom);
  const isAdmin = user?.role === 'admin';
  const { data } = useQuery({ ...configurationQuery(), enabled: isAdmin, refetchInterval: 60_000 });
  if (!isAdmin || data?.data.maintenance !== true) return null;
  return (
    <div className="bo-maintenance-banner" role="status">
      <span>El portal está en mantenimiento: las farmacias no pueden entrar ni hacer pedidos.</span>
      <Link href={CONFIGURATION_PATH}>Desactivarlo en Configuración</Link>
    </div>
  );
}
