/**
 * The schedule diagnosis on the build page: the action that keeps a report with the build, and the
 * archive of its rendered files. Stores core's rendered forms, never live objects. May import the
 * plugin's root package and core's public packages, not the steps.
 */
package io.jenkins.plugins.trainingjob.report;
