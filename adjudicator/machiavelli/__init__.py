"""Machiavelli's rules (docs/machiavelli.md): garrisons in their cities, sieges,
conversions, control of provinces and cities, and the phases of its year, fed to the one
movement resolver (`adjudicator.movement`). `phases.mach_phase` is the entry point; this
package imports nothing itself, so that its modules import each other freely."""
