/** /backoffice/integration: the area's index opens its first section, the API keys. */
import { Navigate, redirect } from 'react-router';
import { KEYS_PATH } from './routes.ts';

export function loader() {
  return redirect(KEYS_PATH);
}

export function Component() {
  return <Navigate to={KEYS_PATH} replace />;
}
