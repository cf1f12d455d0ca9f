/** The product's training in the back office, described for the OpenAPI document. */
import type { EndpointDocs } from '../endpoint.ts';
import type { adminProductTraining } from './admin-product-training.ts';

/** Spread into `adminDocs`. */
export const adminProductTrainingDocs: EndpointDocs<{ productTrainingLinks: typeof adminProductTraining }> = {
  productTrainingLinks: {
    get: {
      tag: 'Back office',
      summary: 'The webinars and scientific materials linked to a product',
      description:
        "Newest first. The links are set on each webinar's and material's form (`product_ids`). 404 for no such product.",
    },
  },
};
