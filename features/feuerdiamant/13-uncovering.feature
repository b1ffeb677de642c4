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
