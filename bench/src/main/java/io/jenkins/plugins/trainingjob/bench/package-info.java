/**
 * The benchmark runner ({@code -Pbench}): runs the micro and scale benchmarks and writes
 * {@code docs/benchmarks.md}. Never shipped; may import everything it measures.
 */
package io.jenkins.plugins.trainingjob.bench;
