/** Turns benchmark results into the figures and prose of {@code docs/benchmarks.md}. */
package io.jenkins.plugins.trainingjob.bench.figures;
