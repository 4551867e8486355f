import type { Context } from "aws-lambda";
import type { Bus } from "@site/core/bus";
import { ScanResultDetail } from "@site/core/evidence";
import { log } from "@site/core/log";
import { EvidenceScans } from "@site/core/report/evidence-scan";
import { parse } from "@site/core/util/zod";

/**
 * GuardDuty Malware Protection for S3's result for one object of this stage's evidence bucket (the
 * rule matches the bucket's name), from the account's default bus; locally from the stand-in
 * scanner. Records the verdict on the file's report: a clean file can then be downloaded, an infected
 * one is shown quarantined (GuardDuty's tag already makes the bucket refuse to serve it). Safe to
 * repeat: the same verdict again changes nothing. A report not stored yet throws, so the bus retries.
 */
export const handler = async (envelope: Bus.Envelope, context?: Context) => {
  if (context?.awsRequestId) log.addContext(context);
  await EvidenceScans.record(parse(ScanResultDetail, envelope.detail), envelope.time);
};
