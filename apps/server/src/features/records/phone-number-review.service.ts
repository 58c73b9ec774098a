// The numbers awaiting review, for Administration → Data Management (decision 0005).
import type { PhoneNumberReview } from '@crm/domain';
import type { Database } from '../../db/database.ts';
import { listPhoneNumberReview } from './phone-number-review.repository.ts';

export const phoneNumbersToReview = (db: Database): Promise<PhoneNumberReview> => listPhoneNumberReview(db);
