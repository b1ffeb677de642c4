Feature: End of the game
  Transcribes the rulebook section "End of the Game" ("Won!" and "Lost!").

  @FD-END-01
  Rule: An accusation names one of the six suspects and may be made only at the end of a turn
    Source: End of the Game ¶74-75, ¶77

    Example: not during the action step
      Given a 2-player game at difficulty 1
      And it is Peter's action step on "Zentrale"
      When Peter tries to accuse "Victor Hugenay"
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: at the end of the turn
      Given a 2-player game at difficulty 1
      And it is Peter's detective cards step on "Zentrale"
      Then Peter may accuse

  @FD-END-02
  Rule: Naming the suspect on the clue set aside wins the game for everybody, even by a lucky guess
    Source: End of the Game ¶77

    Example: a guess at the start of the game
      Given a 2-player game at difficulty 1
      And the clue "timer switch" is set aside
      And it is Justus's detective cards step on "Zentrale"
      When Justus accuses "Victor Hugenay"
      Then the game is won
      And an event "accused" was reported

  @FD-END-03
  Rule: Naming any other suspect loses the game for everybody
    Source: End of the Game ¶78

    Example: the wrong suspect
      Given a 2-player game at difficulty 1
      And the clue "timer switch" is set aside
      And it is Justus's detective cards step on "Zentrale"
      When Justus accuses "Brittany"
      Then the game is lost

  @FD-END-04 @model-tracks
  Rule: The game is lost as soon as any hazard indicator arrives on the final space of its track, at whatever step of the turn
    Source: Game Idea ¶7; End of the Game ¶78

    Example: red reaches its last space from the die
      Given a 2-player game at difficulty 1
      And the red hazard indicator stands on space 14
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      Then the game is lost
      And an event "game_lost" was reported

    Example: an event token's symbols fill the blue track in the event step
      Given a 2-player game at difficulty 5
      And the blue hazard indicator stands on space 14
      And the event token "1 blue" lies on space 6 of the red track
      And Peter has rolled "red" and 3
      When Peter moves the red hazard indicator
      And Peter carries out the event
      Then the game is lost

  @FD-END-05 @ruling @model-tracks
  Rule: Each full track loses its own case: Kidnapping for brown, Blackmail for blue, Fire Phantom for red, Diamond Theft for white
    Source: Game Idea ¶8-10; End of the Game ¶78-82
    Our ruling FD-MOD-02 gives each case its colour in the order the rulebook
    lists both; the four losses are told in the same order.

    Scenario Outline: the <colour> track is full
      Given a 2-player game at difficulty 1
      And the <colour> hazard indicator stands on space 14
      And Peter has rolled "<colour>" and 3
      When Peter moves the <colour> hazard indicator
      Then the game is lost through the <case> case

      Examples:
        | colour | case          |
        | brown  | Kidnapping    |
        | blue   | Blackmail     |
        | red    | Fire Phantom  |
        | white  | Diamond Theft |
