/** Where the back office lives on the API's origin, and its login page inside it. */
export const BASENAME = '/backoffice';

/** The name in the back office's header (`AppHeader`'s `labName`), which its pages paint first too. */
export const STAFF_LAB_NAME = 'Botica Back office';

/** The login page, as the router sees it (below {@link BASENAME}). */
export const LOGIN_PATH = '/login';

/** Whether the page on screen is the login page (a 401 there is a wrong password, not an expiry). */
export function isOnLoginPage(pathname: string = window.location.pathname): boolean {
  return pathname === `${BASENAME}${LOGIN_PATH}` || pathname.startsWith(`${BASENAME}${LOGIN_PATH}/`);
}
