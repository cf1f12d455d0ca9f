import { surveyMessagesSuite } from './suites/survey-messages.ts';

surveyMessagesSuite('postgres');
