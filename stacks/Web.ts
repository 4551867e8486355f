import path from "node:path";
import { Duration, Lazy } from "aws-cdk-lib";
import {
  AllowedMethods,
  CacheCookieBehavior,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  OriginProtocolPolicy,
  OriginRequestCookieBehavior,
  OriginRequestHeaderBehavior,
  OriginRequestPolicy,
  OriginRequestQueryStringBehavior,
  ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from "aws-cdk-lib/aws-cloudfront";
import { HttpOrigin } from "aws-cdk-lib/aws-cloudfront-origins";
import { StaticSite, use, type StackContext } from "sst/constructs";
import { useProject } from "sst/project.js";
import { ORIGIN_SECRET_HEADER } from "../packages/core/src/request/metadata";
import { PETITION_EDGE_CACHE } from "../packages/core/src/petition/edge-cache";
import { PUBLIC_COUNT_CACHE } from "../packages/core/src/signature/public-count-info";
import { ALERT_EDGE_CACHE, ALERT_LOOKUP_CACHE_KEYS, ALERT_LOOKUP_PATH } from "../packages/core/src/alerts/edge-cache";
import { embedContentSecurityPolicy } from "../packages/core/src/site/embed-headers";
import { EMBED_PATH_PREFIX, embedFunctionCode } from "../packages/core/src/site/embed-response";
import {
  cognitoOrigin,
  contentSecurityPolicy,
  evidenceOrigin,
  FRAME_OPTIONS,
  PERMISSIONS_POLICY,
  REFERRER_POLICY,
  STRICT_TRANSPORT_SECURITY,
} from "../packages/core/src/request/security-headers";
import { Api } from "./Api";
import { Storage } from "./Storage";
import { defaultPetitionId } from "./function-props";
import { pageRouterFor, pageStatusFor } from "./site-routing";
import { deploySettings, siteUrl } from "./deploy-settings";
import { isPageRoute, pagePathPattern, routes } from "../packages/functions/src/routes";
import { rateLimitWebAcl, wafRateLimit } from "./waf";

/**
 * Who and where the visitor is, as CloudFront saw it (packages/core/src/request/metadata.ts):
 * behind CloudFront, API Gateway's own source IP is an edge server's. The API believes them only
 * next to the origin secret CloudFront adds (ORIGIN_SECRET_HEADER).
 */
export const VIEWER_GEO_HEADERS = [
  "CloudFront-Viewer-Address",
  "CloudFront-Viewer-City",
  "CloudFront-Viewer-Country",
  "CloudFront-Viewer-Country-Name",
  "CloudFront-Viewer-Country-Region",
  "CloudFront-Viewer-Country-Region-Name",
  "CloudFront-Viewer-Latitude",
  "CloudFront-Viewer-Longitude",
];

/**
 * Viewer headers the API reads besides Authorization, which CloudFront only forwards through the
 * cache policy. An origin request policy holds at most 10 headers, all of them used here.
 */
export const API_VIEWER_HEADERS = ["Content-Type", "User-Agent"];

const UNCACHED_ERRORS = [400, 403, 404, 405, 500, 502, 503, 504];

/**
 * The public reads every open petition page polls (GET /api/petitions/{id}, GET /api/signatures/count),
 * cached at the edge. `/api/petitions/*` also takes signing (POST), which CloudFront never caches.
 */
export const PUBLIC_READ_PATHS = ["/api/petitions/*", "/api/signatures/count"];

/**
 * A petition's public count (docs/public-api.md), which other sites and the widget read: cached by
 * the API's s-maxage, at most a minute, one copy for every viewer.
 */
export const PUBLIC_COUNT_PATH = "/api/public/*";

/**
 * The scam alert lookup (`?q=`) and the published list (`?cursor=`): cached as the public count, but a
 * copy per `q` and `cursor` (the answer depends on them). An exact path, before PUBLIC_COUNT_PATH.
 */
export const ALERT_LOOKUP_BEHAVIOR_PATH = ALERT_LOOKUP_PATH;
/** A company's correction request (a POST, never cached), under /api/public/ whose behaviour takes reads only. */
export const ALERT_CORRECTION_PATH = "/api/public/scam-alerts/*/corrections";

/** The security headers of packages/core/src/request/security-headers.ts as CloudFront's policy. */
function securityHeadersPolicy(stack: StackContext["stack"], evidenceBucket: string) {
  const referrerPolicy = Object.values(HeadersReferrerPolicy).find((p) => p === REFERRER_POLICY);
  if (!referrerPolicy) throw new Error(`CloudFront has no referrer policy "${REFERRER_POLICY}"`);
  return new ResponseHeadersPolicy(stack, "SecurityHeaders", {
    securityHeadersBehavior: {
      contentSecurityPolicy: {
        contentSecurityPolicy: contentSecurityPolicy({
          cognitoOrigin: cognitoOrigin(stack.region),
          evidenceOrigin: evidenceOrigin(evidenceBucket, stack.region),
        }),
        override: true,
      },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(STRICT_TRANSPORT_SECURITY.maxAgeSeconds),
        includeSubdomains: STRICT_TRANSPORT_SECURITY.includeSubdomains,
        override: true,
      },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption[FRAME_OPTIONS], override: true },
      referrerPolicy: { referrerPolicy, override: true },
    },
    customHeadersBehavior: { customHeaders: [{ header: "Permissions-Policy", value: PERMISSIONS_POLICY, override: true }] },
  });
}

/**
 * The embeddable widget's headers (`embedSecurityHeaders`): the site's, except that any site may frame
 * it (`frame-ancestors *`, no X-Frame-Options) and its CSP allows only its own inline code.
 */
function embedHeadersPolicy(stack: StackContext["stack"]) {
  const referrerPolicy = Object.values(HeadersReferrerPolicy).find((p) => p === REFERRER_POLICY)!;
  return new ResponseHeadersPolicy(stack, "EmbedHeaders", {
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy: embedContentSecurityPolicy(), override: true },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(STRICT_TRANSPORT_SECURITY.maxAgeSeconds),
        includeSubdomains: STRICT_TRANSPORT_SECURITY.includeSubdomains,
        override: true,
      },
      contentTypeOptions: { override: true },
      referrerPolicy: { referrerPolicy, override: true },
    },
    customHeadersBehavior: { customHeaders: [{ header: "Permissions-Policy", value: PERMISSIONS_POLICY, override: true }] },
  });
}

export function Web({ stack }: StackContext) {
  const { api, originSecret } = use(Api);
  const { bucket } = use(Storage);
  const responseHeadersPolicy = securityHeadersPolicy(stack, bucket.bucketName);
  const wafLimit = wafRateLimit();
  const webAcl = wafLimit === undefined ? undefined : rateLimitWebAcl(stack, wafLimit);

  // Authorization must be part of the cache key to reach the origin. A default TTL of 0 means
  // nothing is cached unless the API itself sends Cache-Control, and then per token and query.
  const apiCachePolicy = new CachePolicy(stack, "ApiCachePolicy", {
    defaultTtl: Duration.seconds(0),
    minTtl: Duration.seconds(0),
    maxTtl: Duration.days(1),
    headerBehavior: CacheHeaderBehavior.allowList("Authorization"),
    queryStringBehavior: CacheQueryStringBehavior.all(),
    cookieBehavior: CacheCookieBehavior.none(),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });

  const apiOriginRequestPolicy = new OriginRequestPolicy(stack, "ApiOriginRequestPolicy", {
    headerBehavior: OriginRequestHeaderBehavior.allowList(...API_VIEWER_HEADERS, ...VIEWER_GEO_HEADERS),
    queryStringBehavior: OriginRequestQueryStringBehavior.all(),
    cookieBehavior: OriginRequestCookieBehavior.none(),
  });

  // Page routes (a petition's HTML with its share tags) are cached as briefly as the function says
  // (Cache-Control); nothing of the viewer's request is part of the key, so all visitors share them.
  const pageCachePolicy = new CachePolicy(stack, "PageCachePolicy", {
    defaultTtl: Duration.seconds(0),
    minTtl: Duration.seconds(0),
    maxTtl: Duration.minutes(5),
    headerBehavior: CacheHeaderBehavior.none(),
    queryStringBehavior: CacheQueryStringBehavior.none(),
    cookieBehavior: CacheCookieBehavior.none(),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });
  // A petition and its count, which every open petition page polls: cached as long as the API's
  // s-maxage says (packages/core/src/petition/edge-cache.ts), one copy for every visitor (no header,
  // cookie or query string in the key, so a cache-buster cannot reach the origin).
  const publicReadCachePolicy = new CachePolicy(stack, "PublicReadCachePolicy", {
    defaultTtl: Duration.seconds(0),
    minTtl: Duration.seconds(0),
    maxTtl: Duration.seconds(PETITION_EDGE_CACHE.staleIfError),
    headerBehavior: CacheHeaderBehavior.none(),
    queryStringBehavior: CacheQueryStringBehavior.none(),
    cookieBehavior: CacheCookieBehavior.none(),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });
  // A petition's public count: the API's s-maxage, capped at a minute (so a longer one from the origin
  // cannot make the edge serve an older count), one copy for every viewer, as the petition's reads.
  const publicCountCachePolicy = new CachePolicy(stack, "PublicCountCachePolicy", {
    defaultTtl: Duration.seconds(0),
    minTtl: Duration.seconds(0),
    maxTtl: Duration.seconds(PUBLIC_COUNT_CACHE.sMaxAge),
    headerBehavior: CacheHeaderBehavior.none(),
    queryStringBehavior: CacheQueryStringBehavior.none(),
    cookieBehavior: CacheCookieBehavior.none(),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });
  // The scam alert lookup and list: as the public count, a minute at most, one copy for every viewer per `q` and `cursor`.
  const alertLookupCachePolicy = new CachePolicy(stack, "AlertLookupCachePolicy", {
    defaultTtl: Duration.seconds(0),
    minTtl: Duration.seconds(0),
    maxTtl: Duration.seconds(ALERT_EDGE_CACHE.sMaxAge),
    headerBehavior: CacheHeaderBehavior.none(),
    queryStringBehavior: CacheQueryStringBehavior.allowList(...ALERT_LOOKUP_CACHE_KEYS),
    cookieBehavior: CacheCookieBehavior.none(),
    enableAcceptEncodingGzip: true,
    enableAcceptEncodingBrotli: true,
  });
  const embedPolicy = embedHeadersPolicy(stack);
  // Origin Shield: every regional edge cache asks one shield, so a cached object costs the origin
  // one request per s-maxage instead of one per regional cache (docs/architecture.md "Capacity").
  const apiOrigin = new HttpOrigin(`${api.cdk.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`, {
    protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
    customHeaders: { [ORIGIN_SECRET_HEADER]: originSecret.secretValue.unsafeUnwrap() },
    originShieldEnabled: true,
    originShieldRegion: stack.region,
  });
  const publicReadBehavior = {
    origin: apiOrigin,
    viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
    allowedMethods: AllowedMethods.ALLOW_ALL,
    cachePolicy: publicReadCachePolicy,
    originRequestPolicy: apiOriginRequestPolicy,
    responseHeadersPolicy,
  };
  const pageBehaviors = Object.fromEntries(
    routes.filter(isPageRoute).map((r) => [
      pagePathPattern(r),
      {
        origin: apiOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: pageCachePolicy,
        responseHeadersPolicy,
      },
    ]),
  );

  // The embeddable widget: answered at the edge by a function (no origin request, no Lambda), with
  // the widget's own headers, the one page other sites may frame (docs/public-api.md).
  const embedWidget = new CloudFrontFunction(stack, "EmbedWidget", {
    runtime: FunctionRuntime.JS_2_0,
    code: FunctionCode.fromInline(embedFunctionCode()),
  });
  const embedBehavior = {
    origin: apiOrigin,
    viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
    allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
    cachePolicy: pageCachePolicy,
    functionAssociations: [{ function: embedWidget, eventType: FunctionEventType.VIEWER_REQUEST }],
    responseHeadersPolicy: embedPolicy,
  };

  // Reads the built site when the template is synthesized, i.e. after StaticSite's build step.
  const distDir = path.join(useProject().paths.root, "web", "dist");
  const pageRouter = new CloudFrontFunction(stack, "PageRouter", {
    runtime: FunctionRuntime.JS_2_0,
    code: FunctionCode.fromInline(Lazy.string({ produce: () => pageRouterFor(distDir) })),
  });
  // Unknown paths get the 404 page from the router above; this answers them with status 404.
  const pageStatus = new CloudFrontFunction(stack, "PageStatus", {
    runtime: FunctionRuntime.JS_2_0,
    code: FunctionCode.fromInline(Lazy.string({ produce: () => pageStatusFor(distDir) })),
  });

  const site = new StaticSite(stack, "Site", {
    path: "web",
    buildCommand: "npm run build",
    buildOutput: "dist",
    environment: {
      DEFAULT_PETITION_ID: defaultPetitionId(),
      SITE_URL: siteUrl(),
      DONATION_URL: deploySettings(stack.stage).DONATION_URL ?? "",
    },
    // Keeps SST's generated env typings out of web/src.
    vite: { types: "../.sst/web-env.d.ts" },
    cdk: {
      // the built files, read by CloudFront alone; the bucket refuses any request not over TLS
      bucket: { enforceSSL: true },
      distribution: {
        // Error responses apply to the whole distribution, so none may swap in a page (that would
        // replace the API's own 403/404 bodies); they only stop CloudFront caching errors.
        errorResponses: UNCACHED_ERRORS.map((httpStatus) => ({ httpStatus, ttl: Duration.seconds(0) })),
        ...(webAcl ? { webAclId: webAcl.attrArn } : {}),
        defaultBehavior: {
          functionAssociations: [
            { function: pageRouter, eventType: FunctionEventType.VIEWER_REQUEST },
            { function: pageStatus, eventType: FunctionEventType.VIEWER_RESPONSE },
          ],
          responseHeadersPolicy,
        },
        additionalBehaviors: {
          ...pageBehaviors,
          [`${EMBED_PATH_PREFIX}*`]: embedBehavior,
          ...Object.fromEntries(PUBLIC_READ_PATHS.map((pattern) => [pattern, publicReadBehavior])),
          [ALERT_LOOKUP_BEHAVIOR_PATH]: {
            origin: apiOrigin,
            viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
            allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
            cachePolicy: alertLookupCachePolicy,
            originRequestPolicy: apiOriginRequestPolicy,
            responseHeadersPolicy,
          },
          [ALERT_CORRECTION_PATH]: {
            origin: apiOrigin,
            viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
            allowedMethods: AllowedMethods.ALLOW_ALL,
            cachePolicy: apiCachePolicy,
            originRequestPolicy: apiOriginRequestPolicy,
            responseHeadersPolicy,
          },
          [PUBLIC_COUNT_PATH]: {
            origin: apiOrigin,
            viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
            allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
            cachePolicy: publicCountCachePolicy,
            originRequestPolicy: apiOriginRequestPolicy,
            responseHeadersPolicy,
          },
          "/api/*": {
            origin: apiOrigin,
            viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
            allowedMethods: AllowedMethods.ALLOW_ALL,
            cachePolicy: apiCachePolicy,
            originRequestPolicy: apiOriginRequestPolicy,
            responseHeadersPolicy,
          },
        },
      },
    },
  });
  // StaticSite always creates its own URL-rewriting function; ours replaced it above.
  site.node.tryRemoveChild("CloudFrontFunction");

  stack.addOutputs({ SiteUrl: site.url });

  return { site };
}
