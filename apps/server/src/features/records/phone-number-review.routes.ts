// /api/phone-number-review: Administration → Data Management's list of stored contact numbers the start-up
// back-fill could not read, left unchanged for someone to correct (decision 0005).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { phoneNumberReviewSchema } from '@crm/domain';
import { phoneNumbersToReview } from './phone-number-review.service.ts';

export async function phoneNumberReviewRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/phone-number-review',
    {
      config: { access: { permission: 'admin:view' } },
      schema: {
        tags: ['records'],
        summary: 'Stored contact numbers that do not read as a number of any country, oldest finding first',
        description:
          'Left as they were by the start-up back-fill; a record drops out once its number is corrected. At most 500; total counts them all.',
        response: { 200: phoneNumberReviewSchema },
      },
    },
    async () => phoneNumbersToReview(app.db),
  );
}
