/**
 * The one source of time for core and the front ends ({@link io.jenkins.plugins.trainingjob.core.time.TimeSource}):
 * what time it is, timers and sleeps, so every deadline, back-off, poll and age is measured by the same clock,
 * and a test moves that clock instead of waiting (core's test kit: {@code ManualClock}). A leaf beside
 * {@code core.text}: it imports nothing from the project, and every other package may import it.
 */
package io.jenkins.plugins.trainingjob.core.time;
