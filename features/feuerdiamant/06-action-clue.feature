Feature: Action a: reveal a clue card
  Transcribes the rulebook section "3. Action" (its opening) and "a. ACTION:
  Reveal a clue card".

  @FD-ACT-01
  Rule: Only a figure whose movement ended on a location may take an action there, and only one action a to d
    Source: Game Sequence ¶37-38

    Example: on a fingerprint there is nothing to do but end the action
      Given a 2-player game at difficulty 1
      And it is Peter's action step on "Schrottplatz~Zentrale:1"
      Then the only action Peter may take is to end the action

    Example: after revealing the clue Peter may not also reveal the person
      Given a 2-player game at difficulty 1
      And the clue "glove" lies face down at "Jachthafen"
      And it is Peter's action step on "Jachthafen"
      When Peter reveals the clue
      Then it is Peter's detective cards step
      And Peter cannot reveal the person

  @FD-ACT-02
  Rule: A face-down clue card on the figure's location may be revealed and stays face up there
    Source: Game Sequence ¶39-41

    Example: Bob reveals the glove
      Given a 3-player game at difficulty 1
      And the clue "glove" lies face down at "Jachthafen"
      And it is Bob's action step on "Jachthafen"
      When Bob reveals the clue
      Then the clue "glove" lies face up at "Jachthafen"
      And an event "clue_revealed" was reported

    Example: a clue already face up cannot be revealed again
      Given a 3-player game at difficulty 1
      And the clue "glove" lies face up at "Jachthafen"
      And it is Bob's action step on "Jachthafen"
      When Bob tries to reveal the clue
      Then the action is rejected as illegal_action
      And the game is exactly as it was

  @FD-ACT-03
  Rule: A revealed clue with the obstacle symbol brings a face-down obstacle token face up onto its location
    Source: Game Sequence ¶40, ¶42

    Example: the hammer brings an obstacle onto Jachthafen
      Given a 3-player game at difficulty 1
      And the clue "hammer" lies face down at "Jachthafen"
      And it is Bob's action step on "Jachthafen"
      When Bob reveals the clue
      Then chance is to draw an obstacle
      When chance draws "No Helpers"
      Then the obstacle "No Helpers" lies on "Jachthafen"
      And 5 obstacle tokens lie face down beside the board

  @FD-ACT-04
  Rule: Obstacle tokens come into play only while some are left: after the sixth, an obstacle symbol brings none
    Source: Game Sequence ¶40

    Example: no token is left, so the hammer brings none
      Given a 3-player game at difficulty 1
      And no obstacle token is left beside the board
      And the clue "hammer" lies face down at "Jachthafen"
      And it is Bob's action step on "Jachthafen"
      When Bob reveals the clue
      Then no obstacle lies on "Jachthafen"
      And it is Bob's detective cards step
