/**
 * The cookies this installation of the portal sets: the product's one list (@botica/domain COOKIES),
 * with the tag manager's analytics cookies only when its container is configured. The consent
 * dialog and the cookie policy both show this list.
 */
import { cookiesInUse } from '@botica/domain';
import { env } from '../../shared/env.ts';

export const PORTAL_COOKIES = cookiesInUse({ hasTagManager: env.gtmId !== null });
