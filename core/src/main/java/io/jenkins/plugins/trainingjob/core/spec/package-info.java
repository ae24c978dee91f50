/**
 * What the user asked for: job specs for each platform ({@link io.jenkins.plugins.trainingjob.core.spec.JobSpec}),
 * loading them from YAML or JSON with variables, the rules they must meet, and the one exception for bad
 * user input ({@link io.jenkins.plugins.trainingjob.core.spec.InvalidInputException}). Also names the
 * platforms ({@link io.jenkins.plugins.trainingjob.core.spec.PlatformKind}), because a spec says which one
 * it is for. May import {@code core.text} only.
 */
package io.jenkins.plugins.trainingjob.core.spec;
