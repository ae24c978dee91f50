/** What the figures share to write themselves into {@code docs/benchmarks.md}. */
package io.jenkins.plugins.trainingjob.bench.doc;
