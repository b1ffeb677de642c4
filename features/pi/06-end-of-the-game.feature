Feature: End of the game
  Transcribes "End of the game" [Fin de la partie], ¶32-33 of pi.fr.txt:
  after the third round each player's points are added up; ties go to the
  player with more detectives left, then to the one with fewer penalties,
  and are otherwise shared.

  Every example here plays the last action of a game of two: round 3, begun
  by Red, in which Red has already solved; Blue, last in the pass, takes a
  card, and with only Blue unsolved the round and the game end.

  Background:
    Given a game of Red and Blue in round 3
    And it is Blue's turn in turn 3
    And Red has solved their case in turn 3
    And the Murder card lies face up

  @PI-END-01
  Rule: After the third round each player's total is the sum of their points from the three rounds, less their penalties; the highest total wins
    Source: End of the game [Fin de la partie] ¶33

    Example: Red's 19 points and one penalty beat Blue's 7
      Given Red has scored 7, 5 and 7 points with 1 penalty and 2 detectives left
      And Blue has scored 0, 7 and 0 points with 0 penalties and 2 detectives left
      When Blue takes the Murder card
      Then the game is over
      And Red has 17 points in all
      And Blue has 7 points in all
      And Red wins

    Example: a higher total wins even with fewer detectives left
      Given Red has scored 7, 0 and 7 points with 0 penalties and 0 detectives left
      And Blue has scored 7, 5 and 0 points with 0 penalties and 5 detectives left
      When Blue takes the Murder card
      Then Red wins

  @PI-END-02 @ruling
  Rule: Each penalty takes two points off the total, which may fall below zero
    The text gives a penalty as "-2pts" and sums "the points of the markers"
    without a floor.  We count every penalty at two points and let a total
    go negative rather than invent a floor.
    Source: End of the game [Fin de la partie] ¶33

    Example: three penalties and no solution: minus six
      Given Red has scored 7, 7 and 7 points with 0 penalties and 2 detectives left
      And Blue has scored 0, 0 and 0 points with 3 penalties and 2 detectives left
      When Blue takes the Murder card
      Then Blue has -6 points in all

  @PI-END-03
  Rule: Between players tied on points, the one with more detectives left wins
    Source: End of the game [Fin de la partie] ¶33

    Example: tied on 14, Blue keeps three detectives to Red's one
      Given Red has scored 7, 0 and 7 points with 0 penalties and 1 detective left
      And Blue has scored 7, 7 and 0 points with 0 penalties and 3 detectives left
      When Blue takes the Murder card
      Then Blue wins

    Example: detectives decide before penalties
      Given Red has scored 7, 0 and 7 points with 1 penalty and 3 detectives left
      And Blue has scored 7, 5 and 0 points with 0 penalties and 2 detectives left
      When Blue takes the Murder card
      Then Red wins

  @PI-END-04 @ruling
  Rule: Between players tied on points and detectives, the one with fewer penalties wins
    The text does not say whether the penalties of the whole game or of the last round break the tie.  We count
    the whole game's, as the detectives beside them are counted: both are kept over the three rounds (PI-GOAL-05),
    while the rounds are otherwise independent.
    Source: End of the game [Fin de la partie] ¶33

    Example: tied on 12 with two detectives each, Blue has no penalty
      Given Red has scored 7, 0 and 7 points with 1 penalty and 2 detectives left
      And Blue has scored 5, 7 and 0 points with 0 penalties and 2 detectives left
      When Blue takes the Murder card
      Then Blue wins

  @PI-END-05
  Rule: Players tied on points, detectives and penalties share the victory
    Source: End of the game [Fin de la partie] ¶33

    Example: the same 12 points, two detectives and one penalty each
      Given Red has scored 7, 0 and 7 points with 1 penalty and 2 detectives left
      And Blue has scored 7, 7 and 0 points with 1 penalty and 2 detectives left
      When Blue takes the Murder card
      Then Red and Blue share the victory

    Example: once the game is over nobody may act
      Given Red has scored 7, 0 and 7 points with 1 penalty and 2 detectives left
      And Blue has scored 7, 7 and 0 points with 1 penalty and 2 detectives left
      When Blue takes the Murder card
      And Red tries to place a detective on Skid Row
      Then the action is rejected as illegal_action
      And the game is exactly as it was
