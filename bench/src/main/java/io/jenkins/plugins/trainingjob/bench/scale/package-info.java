/**
 * How far one controller scales: many jobs watched by the shared monitor against the simulator in a
 * separate process, side by side with the thread-per-job peer.
 */
package io.jenkins.plugins.trainingjob.bench.scale;
