/**
 * The fake platforms' HTTP APIs: AIHC OpenAPI v1 (routing in {@code AihcApi}, jobs, schedule diagnosis,
 * pool inventory) and SenseCore ACP v2, with each platform's signatures, error bodies and fault
 * injection, answered from the cluster model. May import {@code cluster}, {@code scenario} and core's
 * wire classes (signers, managed-pool rules); never the root package that assembles it.
 */
package io.jenkins.plugins.trainingjob.simulator.http;
