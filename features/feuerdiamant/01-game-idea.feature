Feature: Game idea
  Transcribes the rulebook section "Game Idea" (and "The Four Cases"): who plays,
  how the team wins and loses together, and how clues clear a suspect.

  @FD-IDEA-01 @setup
  Rule: The game is for two, three or four players, never fewer or more
    Source: Game Idea ¶5

    Example: three players may sit down, five may not
      Then starting a game for 3 players at difficulty 1 succeeds
      And starting a game for 5 players at difficulty 1 is refused as bad_request
      And starting a game for 1 players at difficulty 1 is refused as bad_request

  @FD-IDEA-02 @model-clues
  Rule: A suspect whose four exculpatory clues are all visible is cleared
    Source: Game Idea ¶6

    Example: four of Victor Hugenay's clues in sight clear him
      Given a 2-player game at difficulty 1
      And the clue "timer switch" lies under "Victor Hugenay" on the suspect track
      And the clue "forged certificate" lies under "Victor Hugenay" on the suspect track
      And the clue "train ticket" lies under "Victor Hugenay" on the suspect track
      And the clue "paintbrush" lies face up at "Rathaus"
      Then "Victor Hugenay" is cleared

    Example: three clues in sight are not enough
      Given a 2-player game at difficulty 1
      And the clue "timer switch" lies under "Victor Hugenay" on the suspect track
      And the clue "forged certificate" lies under "Victor Hugenay" on the suspect track
      And the clue "paintbrush" lies face up at "Rathaus"
      Then "Victor Hugenay" is not cleared

  @FD-IDEA-03 @model-clues
  Rule: The culprit has only three exculpatory clues in play, because the fourth, incriminating one is set aside at the start
    Source: Game Idea ¶6

    Example: with every other clue in sight, only the culprit stays uncleared
      Given a 2-player game at difficulty 1
      And the clue "mask" is set aside
      And every clue but the one set aside lies face up on the suspect track
      Then "Victor Hugenay" is cleared
      And "Mr. Dalton" is cleared
      And "Wolf's Face" is not cleared

  @FD-IDEA-04
  Rule: The players win or lose together: one outcome for the whole table
    Source: Game Idea ¶6-7

    Example: a correct accusation ends the game won for everybody
      Given a 3-player game at difficulty 1
      And the clue "glove" is set aside
      And it is Bob's detective cards step on "Zentrale"
      When Bob accuses "Elliot Krieger"
      Then the game is won
      And Justus, Peter and Bob have won together

    Example: a full track ends the game lost for everybody
      Given a 3-player game at difficulty 1
      And the red hazard indicator stands on space 14
      And Bob has rolled "red" and 3
      When Bob moves the red hazard indicator
      Then the game is lost
      And nobody has won
