/**
 * Figure 6, the ETA: its calibration on the Philly trace (the trace alone, and replayed into the
 * simulator's cluster model) against the three naive peers, and its cost.
 */
package io.jenkins.plugins.trainingjob.bench.eta;
