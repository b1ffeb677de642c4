Feature: Uncovering the criminal cases
  Transcribes the rulebook section "Uncovering the Criminal Cases".

  @FD-UNC-01 @model-clues
  Rule: A case is uncovered once all six clues of its colour are visible, under the suspect track or face up on the board
    Source: Uncovering the Criminal Cases ¶72-73

    Example: the sixth red clue uncovers the Fire Phantom case
      Given a 2-player game at difficulty 1
      And the clue "timer switch" lies under "Victor Hugenay" on the suspect track
      And the clue "matchbox" lies under "Skinny Norris" on the suspect track
      And the clue "camera" lies face up at "Rathaus"
      And the clue "mask" lies face up at "Hospital"
      And the clue "lighter" lies face up at "Leuchtturm"
      And the clue "fuse" lies face down at "Jachthafen"
      And it is Peter's action step on "Jachthafen"
      Then no case is uncovered
      When Peter reveals the clue
      Then the Fire Phantom case is uncovered
      And an event "case_uncovered" was reported

  @FD-UNC-02 @ruling @model-clues
  Rule: The case of the set-aside clue's colour is not uncovered while the game lasts: five of its clues in sight are not enough
    Source: Uncovering the Criminal Cases ¶73
    The set-aside clue stays hidden until the accusation, which ends the game, so its case can show at most five
    of its six clues.  The text asks for all six, and says nothing to the contrary for that case: it stays
    covered.

    Example: with the fuse set aside, the fifth red clue uncovers nothing
      Given a 2-player game at difficulty 1
      And the clue "fuse" is set aside
      And the clue "timer switch" lies under "Victor Hugenay" on the suspect track
      And the clue "matchbox" lies under "Skinny Norris" on the suspect track
      And the clue "camera" lies face up at "Rathaus"
      And the clue "mask" lies face up at "Hospital"
      And the clue "lighter" lies face down at "Jachthafen"
      And it is Peter's action step on "Jachthafen"
      When Peter reveals the clue
      Then no case is uncovered
