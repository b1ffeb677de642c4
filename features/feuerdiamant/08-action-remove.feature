Feature: Action c: remove an obstacle or roadblock
  Transcribes the rulebook section "c. ACTION: Remove an obstacle or roadblock".

  @FD-REM-01 @model-board
  Rule: With a second figure on the same location, the player may remove the obstacle there or a roadblock on a path next to it, and draws a detective card
    Source: Game Sequence ¶60-62

    Example: Peter and Justus remove the obstacle on Wasserwerk
      Given a 2-player game at difficulty 1
      And the obstacle "Movement -2" lies on "Wasserwerk"
      And Justus's figure stands on "Wasserwerk"
      And it is Peter's action step on "Wasserwerk"
      When Peter removes the obstacle
      Then no obstacle lies on "Wasserwerk"
      And 1 detective cards are to be drawn for Peter

    Example: Peter and Justus remove the roadblock next to Schrottplatz
      Given a 2-player game at difficulty 1
      And a roadblock lies between "Jachthafen" and "Schrottplatz"
      And Justus's figure stands on "Schrottplatz"
      And it is Peter's action step on "Schrottplatz"
      When Peter removes the roadblock between "Jachthafen" and "Schrottplatz"
      Then no roadblock lies between "Jachthafen" and "Schrottplatz"
      And 1 detective cards are to be drawn for Peter

  @FD-REM-02 @model-board
  Rule: Alone on a location, a figure cannot remove anything; nor can it remove a roadblock that is not next to its location
    Source: Game Sequence ¶61

    Example: Peter alone with the obstacle
      Given a 2-player game at difficulty 1
      And the obstacle "Movement -2" lies on "Wasserwerk"
      And it is Peter's action step on "Wasserwerk"
      When Peter tries to remove the obstacle
      Then the action is rejected as illegal_action
      And the game is exactly as it was

    Example: the roadblock between Rathaus and Zeitungsverlag is not next to Schrottplatz
      Given a 2-player game at difficulty 1
      And a roadblock lies between "Rathaus" and "Zeitungsverlag"
      And Justus's figure stands on "Schrottplatz"
      And it is Peter's action step on "Schrottplatz"
      When Peter tries to remove the roadblock between "Rathaus" and "Zeitungsverlag"
      Then the action is rejected as illegal_action
      And the game is exactly as it was
