/** JMH micro benchmarks of the hot paths: signing, list-page parsing, diagnosis analysis, report rendering. */
package io.jenkins.plugins.trainingjob.bench.micro;
