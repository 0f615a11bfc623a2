"""The game's clock (manual 5 and 8.6): deadline arithmetic (`deadlines`), setting a phase's
clock and the notices of lateness (`lateness`), SET ABSENCE (`absences`), the dedication
systems (`dedication`) and the master's SET MOVE / DEADLINE (`timing`)."""
