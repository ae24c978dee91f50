/**
 * Text helpers every layer needs: stripping control characters from remote strings before they reach a
 * console, folding to the 100-column width of our output, counts with their nouns, and the named styles a
 * duration is written in ({@link io.jenkins.plugins.trainingjob.core.text.DurationText}). The leaf of core:
 * imports nothing from the project, and every other package may import it.
 */
package io.jenkins.plugins.trainingjob.core.text;
