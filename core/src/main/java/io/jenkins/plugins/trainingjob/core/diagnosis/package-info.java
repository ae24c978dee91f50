/**
 * Why a job does not schedule: turns a platform's raw diagnosis (or, before a submit, the spec and the
 * pool inventory: the pre-flight fit check) into findings, a verdict and hints, collected in the
 * {@link io.jenkins.plugins.trainingjob.core.diagnosis.DiagnosisReport} model that every renderer reads.
 * May import {@code core.platform}, {@code core.spec} and {@code core.text}.
 */
package io.jenkins.plugins.trainingjob.core.diagnosis;
