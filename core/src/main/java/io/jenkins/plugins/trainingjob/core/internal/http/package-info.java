/**
 * Internal: not API, may change in any release. The HTTP machinery both clients share: signed calls,
 * retries with backoff and {@code Retry-After}, error decoding into
 * {@link io.jenkins.plugins.trainingjob.core.platform.PlatformException}s, secret redaction in logs. Part
 * of the platform layer; front ends must not import it (an architecture test checks). May import
 * {@code core.platform}, {@code core.spec}, {@code core.text} and {@code core.time}.
 */
package io.jenkins.plugins.trainingjob.core.internal.http;
