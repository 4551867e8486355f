/**
 * GuardDuty Malware Protection for S3 as the stacks, the subscriber and the local stand-in see it:
 * the event's source and detail type, the tag GuardDuty puts on each scanned object, what the plan
 * scans (pure: the stacks read these).
 */
import { REPORTS_PREFIX } from "./keys";

/** GuardDuty puts each scan's result on the account's default bus with this source and detail type. */
export const GUARDDUTY_SOURCE = "aws.guardduty";
export const SCAN_RESULT_DETAIL_TYPE = "GuardDuty Malware Protection Object Scan Result";

/** The object tag GuardDuty writes after a scan (the plan's tagging action, ENABLED); its value is the result's status. */
export const SCAN_STATUS_TAG = "GuardDutyMalwareScanStatus";
/** The tag's value on an infected object: the bucket policy refuses every read of such an object. */
export const THREATS_FOUND = "THREATS_FOUND";

/**
 * What the plan scans: a report's files, once each, when the report claims them (the claim copies
 * the upload to `reports/<id>/`, a new object). Unclaimed uploads are never opened by anyone (the
 * claim reads their first 4 KB only to sniff the type) and expire after a day: not scanned, not paid for.
 */
export const SCANNED_PREFIXES = [REPORTS_PREFIX];

/** The part of an EventBridge pattern that keeps this stage's bucket's results (every stage shares the account's default bus). */
export const scanResultPattern = (bucketName: string) => ({ s3ObjectDetails: { bucketName: [bucketName] } });
