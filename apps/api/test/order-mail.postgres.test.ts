import { orderMailSuite } from './suites/order-mail.ts';

orderMailSuite('postgres');
